/** Stops the stand-ins global-setup.ts started. */
export default async function globalTeardown(): Promise<void> {
  await Promise.allSettled((globalThis.__LOCAL_AWS__ ?? []).map((service) => service.close()));
  globalThis.__LOCAL_AWS__ = undefined;
}
