// react-router 7 needs TextEncoder at import time; jsdom lacks it (shared shim of the web tests).
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import BlogIndexPage from '#web/src/features/blog/BlogIndexPage.tsx';
import { FIXTURE_POSTS } from './fixture-posts';

jest.mock('#web/src/features/blog/blog-data.ts', () => ({
  useCatalog: () => ({ posts: jest.requireActual('./fixture-posts').FIXTURE_POSTS }),
}));

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
});
