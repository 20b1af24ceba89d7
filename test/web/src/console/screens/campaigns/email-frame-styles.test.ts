/**
 * The preview's frame inherits the console's CSP, which refuses the email's inline styles (an
 * error each in the browser's console); the frame gets them renamed, and the console applies each
 * element's own declarations through the CSSOM (email-frame-styles.ts). Renaming and reading them
 * is tested here; that Chromium then shows them under the CSP, with no CSP error, is checked in
 * test/e2e/console-campaigns.e2e.ts (jsdom applies no CSP).
 */
import {
  applyEmailStyles,
  declarationsOf,
  HELD_STYLE,
  withStylesHeld,
} from '#web/src/console/screens/campaigns/email-frame-styles.ts';

describe('the email’s inline styles in the preview', () => {
  it('reads declarations with quoted fonts, brackets and !important, and skips what is no declaration', () => {
    // Act
    const declarations = declarationsOf(
      "font-family:-apple-system,'Segoe UI;x',Roboto; color:#0F4C5C ;background:url(a;b.png); margin:0 !important;;junk",
    );

    // Assess
    expect(declarations).toEqual([
      ['font-family', "-apple-system,'Segoe UI;x',Roboto", ''],
      ['color', '#0F4C5C', ''],
      ['background', 'url(a;b.png)', ''],
      ['margin', '0', 'important'],
    ]);
  });
});

describe('the email handed to the preview’s frame', () => {
  const EMAIL = `<!doctype html>
<html lang="en"><head><title>Spring news</title></head>
<body style="margin:0;background:#FBF8F3">
<p style="color:#0F4C5C" class="lead">Write style="x" in text &lt;b style="y"&gt; stays as it is.</p>
<a href="https://example.ca/?style=1" style='color:#1D2433'>Link</a>
</body></html>`;

  it('carries no style attribute, only the held ones, and renaming them back gives the email exactly', () => {
    // Act
    const held = withStylesHeld(EMAIL);

    // Assess
    expect(held).not.toMatch(/<[a-z][^<>]*\sstyle=/i);
    expect(held.match(new RegExp(`${HELD_STYLE}=`, 'g'))).toHaveLength(3);
    expect(held).toContain('Write style="x" in text &lt;b style="y"&gt; stays as it is.');
    expect(held.replaceAll(` ${HELD_STYLE}=`, ' style=')).toBe(EMAIL);
  });

  it('has its held styles applied to each element', () => {
    // Prepare
    const frameDocument = new DOMParser().parseFromString(withStylesHeld(EMAIL), 'text/html');

    // Act
    applyEmailStyles(frameDocument);

    // Assess
    expect(frameDocument.body.style.getPropertyValue('background')).toMatch(/251, 248, 243|#FBF8F3/i);
    expect(frameDocument.querySelector('p')!.style.color).toBe('rgb(15, 76, 92)');
    expect(frameDocument.querySelector('a')!.style.color).toBe('rgb(29, 36, 51)');
  });
});
