/**
 * The visit beacon in the app (web/src/lib/visit-beacon.ts, docs/decisions/0081-privacy-first-analytics.md):
 * one sendBeacon per page shown, carrying its path and the address's UTM values and nothing else;
 * none on a noindex page (the not-found page, the pages reached from an email, whose path carries a token).
 */
import { cleanup } from '@testing-library/react';
import { renderApp } from '#test/web/support/render-app.tsx';

const sendBeacon = jest.fn((_url: string, _body: string) => true);

beforeAll(() => {
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
});
beforeEach(() => sendBeacon.mockClear());
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('the visit beacon', () => {
  it("sends the page's path and its UTM values once, and no other parameter of its address", async () => {
    // Arrange: a newsletter's link, with a tracker's id among its parameters.
    window.history.replaceState(
      null,
      '',
      '/about?utm_source=newsletter&utm_medium=email&utm_campaign=winter-hiring&fbclid=IwAR0xyz',
    );

    // Act
    await renderApp(['/about']);

    // Assess
    expect(sendBeacon.mock.calls).toEqual([
      [
        '/api/visits',
        JSON.stringify({ path: '/about', source: 'newsletter', medium: 'email', campaign: 'winter-hiring' }),
      ],
    ]);
  });

  it.each([
    ['the not-found page', '/no/such/page'],
    ['an unsubscribe page, whose path carries a token', '/unsubscribe/candidate/AbCdEfGhIjKlMnOpQrStUv'],
  ])('sends nothing on %s', async (_name, path) => {
    // Act
    await renderApp([path]);

    // Assess
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
