import { Link } from 'react-router-dom';
import { sitePaths } from '#shared/paths.ts';
import { NOT_FOUND_COPY } from '#web/content/pages/not-found.ts';

/** The 404 page (served with status 404 by the edge): say so plainly and offer ways on. */
export default function NotFoundPage() {
  const { image, links } = NOT_FOUND_COPY;
  return (
    <section className="container page-section not-found">
      {/* Above the heading, the page's largest element: high, stated (decision 0062). */}
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={image.alt}
        className="not-found__art"
        fetchPriority="high"
      />
      <h1>{NOT_FOUND_COPY.title}</h1>
      <p>{NOT_FOUND_COPY.body}</p>
      <ul className="not-found__links">
        <li>
          <Link to={sitePaths.home} className="button button--primary">
            {links.home}
          </Link>
        </li>
        <li>
          <Link to={sitePaths.blog} className="button button--secondary">
            {links.blog}
          </Link>
        </li>
        <li>
          {/* Contact is always a full page load (docs/spec/site-spec.md#2-screens-and-routes), here
              as in the header. */}
          <a href={sitePaths.contact} className="button button--secondary">
            {links.contact}
          </a>
        </li>
      </ul>
    </section>
  );
}
