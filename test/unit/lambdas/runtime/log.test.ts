import * as log from '#lambdas/runtime/log.ts';

describe('structured logs', () => {
  it('masks email addresses anywhere in the line, including inside errors', () => {
    // Prepare
    const lines: string[] = [];
    jest.spyOn(console, 'error').mockImplementation((line: string) => lines.push(line));
    const sesError = new Error(
      'Email address is not verified. The following identities failed the check: jordan.lee@example.org',
    );

    // Act
    log.error('Email not sent', { leadId: 'lead#abc', to: 'avery+hr@example.ca', error: sesError });

    // Assess
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/example\.(org|ca)/);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'error', message: 'Email not sent', leadId: 'lead#abc', to: '[email]' });
    expect(entry.error.message).toBe(
      'Email address is not verified. The following identities failed the check: [email]',
    );
  });
});
