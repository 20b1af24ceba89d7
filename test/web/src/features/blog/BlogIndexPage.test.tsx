// react-router 7 needs TextEncoder at import time; jsdom lacks it (shared shim of the web tests).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import BlogIndexPage from '#web/src/features/blog/BlogIndexPage.tsx';
import type { PostSummary } from '#web/src/features/blog/types.ts';
import { FIXTURE_POSTS } from '#test/support/fixture-posts.ts';

/** The catalog the page reads: the spec's 25 posts, unless a test publishes more. */
let catalog: PostSummary[] = FIXTURE_POSTS;
jest.mock('#web/src/features/blog/blog-data.ts', () => ({ useCatalog: () => ({ posts: catalog }) }));
afterEach(() => {
  catalog = FIXTURE_POSTS;
});

/** `count` posts: the fixture's, again, each under a slug and title of its own. */
const manyPosts = (count: number): PostSummary[] =>
  Array.from({ length: count }, (_, index) => {
    const post = FIXTURE_POSTS[index % FIXTURE_POSTS.length]!;
    return { ...post, slug: `${post.slug}-${index}`, title: `${post.title} ${index}` };
  });
const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

const renderIndex = () =>
  render(
    <MemoryRouter initialEntries={['/blog']}>
      <BlogIndexPage />
    </MemoryRouter>,
  );

describe('BlogIndexPage', () => {
  it('is headed Blog', () => {
    renderIndex();
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
  });

  it('lists 25 cards newest first, each with title, date and a Read More link naming the post', () => {
    renderIndex();
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards).toHaveLength(25);
    cards.forEach((card, id) => {
      const post = FIXTURE_POSTS[id]!;
      expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(post.title);
      expect(within(card).getByText(post.dateText).tagName).toBe('TIME');
      // jsdom has no layout, so it puts a space before the visually hidden colon.
      const readMore = within(card).getByRole('link', { name: new RegExp(`^Read More ?: ${post.title}$`) });
      expect(readMore).toHaveAttribute('href', `/${post.slug}`);
    });
  });

  it('sizes every card image and lazy-loads all but the first row', () => {
    renderIndex();
    const images = Array.from(document.querySelectorAll('img.post-card-image'));
    expect(images).toHaveLength(25);
    images.forEach((image, index) => {
      expect(image).toHaveAttribute('src', FIXTURE_POSTS[index]!.image!.src);
      expect(image).toHaveAttribute('width', '1200');
      expect(image).toHaveAttribute('height', '630');
      expect(image).toHaveAttribute('loading', index < 3 ? 'eager' : 'lazy');
    });
  });

  it("shows the spec's 25 posts whole, with nothing more to show", () => {
    renderIndex();
    expect(cardTitles()).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Show older posts' })).not.toBeInTheDocument();
  });

  it('shows a long blog 30 cards at a time, older ones on asking, and moves to the first card added', async () => {
    const user = userEvent.setup();
    catalog = manyPosts(65);
    renderIndex();
    expect(cardTitles()).toEqual(catalog.slice(0, 30).map(({ title }) => title));

    await user.click(screen.getByRole('button', { name: 'Show older posts' }));
    expect(cardTitles()).toEqual(catalog.slice(0, 60).map(({ title }) => title));
    expect(document.activeElement).toHaveAccessibleName(new RegExp(`^Read More ?: ${catalog[30]!.title}$`));

    await user.click(screen.getByRole('button', { name: 'Show older posts' }));
    expect(cardTitles()).toHaveLength(65);
    expect(document.activeElement).toHaveAccessibleName(new RegExp(`^Read More ?: ${catalog[60]!.title}$`));
    expect(screen.queryByRole('button', { name: 'Show older posts' })).not.toBeInTheDocument();
  });
});
