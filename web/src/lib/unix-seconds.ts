/** The spec's createdAt/updatedAt are whole Unix seconds. Call it in handlers, never in render. */
export const nowInUnixSeconds = (): number => Math.floor(Date.now() / 1000);
