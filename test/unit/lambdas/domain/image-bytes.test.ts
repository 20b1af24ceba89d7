/**
 * An upload is what its bytes are (issue 31): a JPEG, PNG or WebP by its own signature, with the
 * width and height its header gives; a web page, an SVG drawing, another format or a cut-off
 * header is no image at all, whatever the file was called.
 */
import { imageFacts } from '#lambdas/domain/image-bytes.ts';
import { HTML_PAGE, JPEG_1280x720, PNG_1200x630, SVG_DRAWING, WEBP_1x1 } from '#test/support/test-images.ts';

describe('imageFacts', () => {
  it('reads a JPEG, a PNG and the three kinds of WebP with their size', () => {
    expect(imageFacts(JPEG_1280x720)).toEqual({ type: 'image/jpeg', extension: 'jpg', width: 1280, height: 720 });
    expect(imageFacts(PNG_1200x630)).toEqual({ type: 'image/png', extension: 'png', width: 1200, height: 630 });
    for (const webp of Object.values(WEBP_1x1))
      expect(imageFacts(webp)).toEqual({ type: 'image/webp', extension: 'webp', width: 1, height: 1 });
  });

  it('finds no image in a web page, an SVG drawing, a GIF or a JPEG cut before its frame header', () => {
    expect(imageFacts(HTML_PAGE)).toBeUndefined();
    expect(imageFacts(SVG_DRAWING)).toBeUndefined();
    expect(imageFacts(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBeUndefined();
    expect(imageFacts(JPEG_1280x720.subarray(0, 40))).toBeUndefined();
    expect(imageFacts(Buffer.alloc(0))).toBeUndefined();
  });

  it('believes the bytes, not a page that starts like an image', () => {
    // A PNG signature followed by a web page has no IHDR: refused, not taken for a PNG.
    expect(imageFacts(Buffer.concat([PNG_1200x630.subarray(0, 8), HTML_PAGE]))).toBeUndefined();
  });
});
