// react-router 7 needs TextEncoder at import time; jsdom lacks it (shared shim of the web tests).
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { siteConfig } from '#web/src/config.ts';
import PostPage from '#web/src/features/blog/PostPage.tsx';
import { adjacentPosts } from '#web/src/features/blog/post-chain.ts';
import { FIXTURE_POSTS } from '#test/support/fixture-posts.ts';

const body = { before: '<p>Text before the callout.</p>', after: '<p>Text after the callout.</p>' };

const renderPost = (index: number) => {
  const post = FIXTURE_POSTS[index]!;
  return render(
    <MemoryRouter initialEntries={[`/${post.slug}`]}>
      <PostPage data={{ post, body, ...adjacentPosts(FIXTURE_POSTS, post.slug) }} />
    </MemoryRouter>,
  );
};

const postNav = () => within(screen.getByRole('navigation', { name: 'More posts' }));
const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('PostPage', () => {
  it('shows the title, posted date, author and banner', () => {
    renderPost(0);
    expect(screen.getByRole('heading', { level: 1, name: FIXTURE_POSTS[0]!.title })).toBeInTheDocument();
    const date = screen.getByText('July 18, 2024');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('datetime', '2024-07-18');
    expect(date.closest('p')).toHaveTextContent(/^Posted July 18, 2024 · By Maren Holt$/);
    const banner = document.querySelector('img.post-banner');
    expect(banner).toHaveAttribute('src', FIXTURE_POSTS[0]!.banner!.src);
    expect(banner).toHaveAttribute('width', '1200');
    expect(banner).toHaveAttribute('height', '630');
    expect(banner).toHaveAttribute('loading', 'eager');
    expect(banner).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows a subtitle and a month-only date, and no author line when there is none', () => {
    renderPost(21);
    expect(screen.getByText('Clarifying Expectations Part II')).toBeInTheDocument();
    expect(screen.getByText('December 2022')).toHaveAttribute('datetime', '2022-12');
    expect(screen.queryByText(/^By /)).not.toBeInTheDocument();
  });

  it('sets the shared callout between the two halves of the body, linking to /contact', () => {
    renderPost(3);
    const before = screen.getByText('Text before the callout.');
    const heading = screen.getByRole('heading', { name: 'Hiring clarity starts with a conversation' });
    const after = screen.getByText('Text after the callout.');
    expect(before.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(heading.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const callout = heading.closest('aside') as HTMLElement;
    expect(callout).toHaveClass('post-callout');
    expect(hrefOf(within(callout).getByRole('link', { name: 'Book a discovery call' }))).toBe('/contact');
  });

  it('has the side panel: contact, book a call (new tab) and the scorecard', () => {
    renderPost(3);
    const panel = within(screen.getByRole('complementary', { name: 'Work with us' }));
    expect(hrefOf(panel.getByRole('link', { name: 'Contact us' }))).toBe('/contact');
    const bookCall = panel.getByRole('link', { name: /^Book a call/ });
    expect(bookCall).toHaveAttribute('href', siteConfig.bookCallUrl);
    expect(bookCall).toHaveAttribute('target', '_blank');
    expect(bookCall).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(bookCall).toHaveAccessibleName(/opens in a new tab/);
    expect(hrefOf(panel.getByRole('link', { name: 'Download the Scorecard' }))).toBe('/employer/form');
  });

  it('links Previous (newer), Back to Blog Page and Next (older) in list order', () => {
    renderPost(10);
    const previous = postNav().getByRole('link', { name: /^Previous Post/ });
    const next = postNav().getByRole('link', { name: /^Next Post/ });
    expect(hrefOf(previous)).toBe(`/${FIXTURE_POSTS[9]!.slug}`);
    // jsdom has no layout, so it puts a space before the visually hidden colon.
    expect(previous).toHaveAccessibleName(new RegExp(`^Previous Post ?: ${FIXTURE_POSTS[9]!.title}$`));
    expect(hrefOf(next)).toBe("/facets-of-jobs-why-it's-so-hard-to-hire-good-people");
    expect(hrefOf(postNav().getByRole('link', { name: 'Back to Blog Page' }))).toBe('/blog');
  });

  it('has no Previous on the first post and no Next on the last', () => {
    renderPost(0);
    expect(postNav().queryByRole('link', { name: /^Previous Post/ })).not.toBeInTheDocument();
    expect(hrefOf(postNav().getByRole('link', { name: /^Next Post/ }))).toBe(`/${FIXTURE_POSTS[1]!.slug}`);
  });

  it('has no Next on talent-or-luck-what-matters-most, the last post', () => {
    renderPost(24);
    expect(postNav().queryByRole('link', { name: /^Next Post/ })).not.toBeInTheDocument();
    expect(hrefOf(postNav().getByRole('link', { name: /^Previous Post/ }))).toBe(
      "/psychological-safety-you-can't-see-what-you-don't-believe",
    );
  });

  it('includes the back-to-top button, hidden until the page scrolls', () => {
    renderPost(5);
    // A hidden button has no accessible name in jsdom, so find it by its class.
    const button = document.querySelector('button.back-to-top');
    expect(button).toHaveAttribute('aria-label', 'Back to top');
    expect(button).not.toBeVisible();
  });
});
