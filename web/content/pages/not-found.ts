/** Copy of the 404 page. */
export const NOT_FOUND_COPY = {
  title: 'We could not find that page',
  body: 'The link may be out of date, or the page may have moved. These are good places to pick up from:',
  links: {
    home: 'Home page',
    blog: 'Read the blog',
    contact: 'Contact us',
  },
  image: { src: '/images/not-found.svg', width: 480, height: 360, alt: '' },
} as const;
