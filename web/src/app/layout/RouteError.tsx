import { useLocation } from 'react-router-dom';
import { SITE_COPY } from '#web/content/site.ts';

const copy = SITE_COPY.routeError;

/**
 * Shown when a page fails to render, most often because a deploy replaced the hashed chunk
 * an open tab still asks for. A full reload fetches the current HTML and chunks.
 */
export function RouteError() {
  const { pathname } = useLocation();
  return (
    <section className="container page-section narrow">
      <h1>{copy.title}</h1>
      <p>{copy.body}</p>
      <p>
        <a className="button button--primary" href={pathname}>
          {copy.reload}
        </a>
      </p>
    </section>
  );
}
