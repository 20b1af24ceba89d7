/**
 * The preview's frame inherits the console's CSP, which holds back the email's inline styles; the
 * console applies each element's own declarations through the CSSOM (email-frame-styles.ts).
 * Reading them is tested here; that Chromium then shows them under the CSP is checked in
 * test/e2e/console-campaigns.e2e.ts (jsdom applies no CSP).
 */
import { declarationsOf } from '#web/src/console/screens/campaigns/email-frame-styles.ts';

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
