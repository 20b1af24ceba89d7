import { NOT_FOUND_PAGE } from '#shared/paths.ts';

/**
 * User metadata stored on objects of the web build. S3 answers it as `x-amz-meta-<name>`
 * headers, which reach the viewer-response function: that is how the 404 page gets its status
 * without the function having to know which URI the viewer asked for
 * (docs/decisions/0012-not-found-status-from-object-metadata.md).
 */
export const STATUS_METADATA_NAME = 'http-status';

/** The header S3 (and the local twin) answer the status metadata in. */
export const STATUS_METADATA_HEADER = `x-amz-meta-${STATUS_METADATA_NAME}`;

/** Statuses an object may ask for, with their reason phrases. */
export const METADATA_STATUSES: Readonly<Record<string, string>> = { '404': 'Not Found' };

/** Objects with user metadata, by URI (the same in the stack's upload and the local twin). */
export const OBJECT_METADATA: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [NOT_FOUND_PAGE]: { [STATUS_METADATA_NAME]: '404' },
};

/** The `x-amz-meta-*` headers S3 answers for the object at `uri` (the local twin plays S3). */
export function metadataHeaders(uri: string): Record<string, string> {
  const metadata = OBJECT_METADATA[uri] ?? {};
  return Object.fromEntries(Object.entries(metadata).map(([name, value]) => [`x-amz-meta-${name}`, value]));
}
