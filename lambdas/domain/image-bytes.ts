/**
 * What an uploaded file is, read from its bytes and never from its name or the type the browser
 * declared (issue 31: an "image" that is HTML or SVG is refused): a JPEG, PNG or WebP by its own
 * signature, with its width and height read from its header, so the page reserves the image's place.
 * A small hand parser of the three formats' headers, no native image library: it reads sizes, it
 * never decodes pixels. Formats: JPEG (ITU T.81, B.1.1.3 markers and the SOFn frame header), PNG
 * (RFC 2083 / W3C PNG 3.3, the IHDR chunk first), WebP (RFC 9649: RIFF, then a VP8, VP8L or VP8X chunk).
 */
import type { PostImageType } from '#shared/console/posts.ts';

export interface ImageFacts {
  type: PostImageType;
  /** The name's ending for its type. */
  extension: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (bytes: Buffer, at: number, length: number) => bytes.toString('latin1', at, at + length);

/** A JPEG's frame size: the first SOFn segment (C0–CF but DHT C4, JPG C8, DAC CC) after SOI. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    // Fill bytes (FF FF …) precede a marker; standalone markers (TEM, RSTn) have no length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // End of image or start of scan before any frame header: not a well-formed JPEG.
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (at + 9 > bytes.length) return undefined;
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** A PNG's size: its first chunk must be IHDR (width, height as 32-bit big-endian). */
const pngSize = (bytes: Buffer) =>
  bytes.length >= 24 && ascii(bytes, 12, 4) === 'IHDR'
    ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
    : undefined;

/** A WebP's size from its first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(bytes: Buffer): { width: number; height: number } | undefined {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ' && bytes.length >= 30 && startsWith(bytes, [0x9d, 0x01, 0x2a], 23))
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && bytes.length >= 30)
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return undefined;
}

/**
 * The image `bytes` are, by their signature, with its size; undefined for anything else (SVG,
 * HTML, a PDF, a GIF, a truncated or malformed header, a size of 0).
 */
export function imageFacts(bytes: Buffer): ImageFacts | undefined {
  const found = startsWith(bytes, [0xff, 0xd8, 0xff])
    ? { type: 'image/jpeg' as const, extension: 'jpg' as const, size: jpegSize(bytes) }
    : startsWith(bytes, PNG_SIGNATURE)
      ? { type: 'image/png' as const, extension: 'png' as const, size: pngSize(bytes) }
      : ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP'
        ? { type: 'image/webp' as const, extension: 'webp' as const, size: webpSize(bytes) }
        : undefined;
  if (!found?.size || found.size.width < 1 || found.size.height < 1) return undefined;
  return { type: found.type, extension: found.extension, ...found.size };
}
