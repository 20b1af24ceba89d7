import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sitePaths } from '#shared/paths.ts';
import { siteConfig } from '#web/src/config.ts';
import { renderApp } from '#test/web/support/render-app.tsx';

/**
 * Whether the app handled a click itself (in-app navigation calls preventDefault) or left it
 * to the browser (a full page load). A listener on document runs after React's and stops
 * jsdom from attempting the navigation.
 */
function clickIsLeftToBrowser(link: HTMLElement): boolean {
  let prevented = true;
  const record = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', record);
  act(() => link.click());
  document.removeEventListener('click', record);
  return !prevented;
}

beforeEach(() => {
  window.scrollTo = jest.fn();
});

describe('header', () => {
  it('links Home, About, Employer and Blog in the app', async () => {
    await renderApp(['/']);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Employer', '/employer'],
      ['Blog', '/blog'],
    ]) {
      const link = within(nav).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
    }
    expect(clickIsLeftToBrowser(within(nav).getByRole('link', { name: 'About' }))).toBe(false);
  });

  it('opens the candidate application in a new tab and says so', async () => {
    await renderApp(['/']);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const candidate = within(nav).getByRole('link', { name: 'Candidate (opens in a new tab)' });
    expect(candidate).toHaveAttribute('href', siteConfig.candidateAppUrl);
    expect(candidate).toHaveAttribute('target', '_blank');
    expect(candidate.getAttribute('rel')).toContain('noopener');
  });

  it('loads /contact as a full page', async () => {
    await renderApp(['/']);
    const contact = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Contact' });
    expect(contact).toHaveAttribute('href', sitePaths.contact);
    expect(contact).not.toHaveAttribute('target');
    expect(clickIsLeftToBrowser(contact)).toBe(true);
  });

  it('links the logo home', async () => {
    await renderApp(['/about']);
    expect(screen.getByRole('link', { name: 'Chinook Talent Partners home' })).toHaveAttribute('href', '/');
  });

  it('toggles the menu with aria-expanded and closes it on navigation', async () => {
    const user = userEvent.setup();
    await renderApp(['/']);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle).toHaveAttribute('aria-controls', menu.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveClass('is-open');

    await user.click(within(menu).getByRole('link', { name: 'About' }));
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the open menu on Escape and returns focus to the toggle', async () => {
    const user = userEvent.setup();
    await renderApp(['/']);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('footer', () => {
  it('has the legal links, an Accessibility item without a link and the 2022 copyright', async () => {
    await renderApp(['/']);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms-of-use');
    expect(within(footer).getByText('Accessibility').closest('a')).toBeNull();
    expect(within(footer).getByText(/^© 2022 Chinook Talent Partners/)).toBeInTheDocument();
  });

  it('is hidden on the scorecard form', async () => {
    await renderApp([sitePaths.scorecardForm]);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Download the Human Relations Scorecard' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});

describe('navigation', () => {
  it('scrolls to the top and focuses the main content on every path change, not on first load', async () => {
    const user = userEvent.setup();
    await renderApp(['/']);
    expect(window.scrollTo).not.toHaveBeenCalled();

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Employer' }));
    await screen.findByRole('heading', { level: 1, name: /Hire with clarity/ });
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('updates the title, description and canonical link for the new page', async () => {
    const user = userEvent.setup();
    await renderApp(['/']);
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }));
    await waitFor(() => expect(document.title).toBe('About us | Chinook Talent Partners'));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://site-origin.deploy-time.invalid/about',
    );
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /three-step process/,
    );
  });

  it('shows the not-found page with ways on for an unknown path', async () => {
    await renderApp(['/no-such-page']);
    expect(screen.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Read the blog' })).toHaveAttribute('href', '/blog');
    expect(within(main).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex'),
    );
  });

  it('replaces the legacy engagement slug with the post, without a new history entry', async () => {
    await renderApp(['/blog', sitePaths.legacyEngagementPost]);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`REPLACE ${sitePaths.engagementPost}`),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Friction-Free Employee Engagement');
  });
});
