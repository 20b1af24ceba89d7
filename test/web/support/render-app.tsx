import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import type { SiteObject } from '#shared/blog-site.ts';
import { readSeedPosts } from '#web/build/blog-content.ts';
import { App } from '#web/src/app/App.tsx';
import { loadPageRoute } from '#web/src/app/page-loader.ts';
import { loadPageFor, PAGE_ROUTES } from '#web/src/app/routing.tsx';
import { renderTestBlog, serveBlogData } from '#test/support/site-blog.ts';

/** Shows the router's location and how it got there (PUSH, REPLACE, POP), for assertions. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{`${useNavigationType()} ${pathname}`}</output>;
}

let blog: SiteObject[] | undefined;

/**
 * Renders the whole app at `entries[index]`, its blog the repository's posts as the publisher
 * renders them (their data files answered by fetch). Every page module and the data of each
 * entry and each post are loaded first, as the client entry loads the current ones before
 * hydrating: user-event wraps clicks in a synchronous act(), and React does not retry a render that
 * suspends inside one, so a test could otherwise never see the page it navigated to (browsers have
 * no such limit).
 */
export async function renderApp(entries: string[], index = entries.length - 1) {
  blog ??= renderTestBlog(await readSeedPosts());
  serveBlogData(blog);
  const pages = blog.filter(({ contentType }) => contentType.startsWith('text/html')).flatMap(({ paths }) => paths);
  await Promise.all([...PAGE_ROUTES.map(loadPageRoute), ...[...entries, ...pages].map(loadPageFor)]);
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={index}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}
