import { POST_LIMITS, SEO_HINTS, type PostFields, type PostImage, type PostImageRole } from '#shared/console/posts.ts';
import { ConsoleField, type CountedLength } from '../../form/ConsoleField';
import { ImageField } from './ImageField';
import { slugTaken, type SlugState } from './use-slug-check';

export type PostFieldErrors = Partial<Record<keyof PostFields, string>>;
type TextName = Exclude<keyof PostFields, 'banner' | 'thumbnail' | 'socialImage'>;
type ImageName = 'banner' | 'thumbnail' | 'socialImage';

/**
 * What search results and social cards show before cutting text off (longer is allowed): Google
 * cuts a result's title and snippet to the device's width, "as needed"
 * (https://developers.google.com/search/docs/appearance/snippet), in practice about 60 and 155
 * characters (https://www.indieweb.co.nz/resources/blog/optimising-title-and-meta-description-length-for-display-in-google-search-results);
 * X's card title takes at most 70 (https://developer.x.com/en/docs/x-for-websites/cards/overview/markup).
 */
const search = (shows: number): CountedLength => ({ shows, cutOff: 'search results may cut off the rest' });

interface TextSpec {
  label: string;
  note?: string;
  hint?: string;
  counted?: CountedLength;
  max?: number;
  /** A textarea of that many rows; else a one-line input. */
  rows?: number;
  type?: 'date';
}

const TEXT: Partial<Record<TextName, TextSpec>> = {
  title: { label: 'Title', counted: search(SEO_HINTS.title), max: POST_LIMITS.title },
  postedDate: { label: 'Date the post shows', type: 'date' },
  subtitle: { label: 'Subtitle', note: '(optional)', hint: 'A line under the title.', max: POST_LIMITS.title },
  author: { label: 'Author line', note: '(optional)', hint: 'For example: Maren Holt.', max: POST_LIMITS.author },
  markdown: {
    label: 'Body',
    hint: 'Written in Markdown: a blank line between paragraphs, ## for a heading, [words](https://address) for a link, - for a list item. The shared block for readers goes in the middle, or on a line <!-- mid-article -->.',
    max: POST_LIMITS.markdown,
    rows: 20,
  },
  metaDescription: {
    label: 'Meta description',
    hint: 'The sentence or two search results show under the title.',
    counted: search(SEO_HINTS.metaDescription),
    max: POST_LIMITS.metaDescription,
    rows: 3,
  },
  socialTitle: {
    label: 'Social title',
    note: '(optional)',
    hint: "The title a shared link shows. Empty: the post's title.",
    counted: { shows: SEO_HINTS.socialTitle, cutOff: 'social sites may cut off the rest' },
    max: POST_LIMITS.socialTitle,
  },
};

const IMAGES: Record<ImageName, { legend: string; hint: string; role: PostImageRole }> = {
  banner: { legend: 'Banner image', hint: 'At the top of the post.', role: 'banner' },
  thumbnail: { legend: 'Thumbnail', hint: "On the blog's list. Without one, the banner.", role: 'thumbnail' },
  socialImage: { legend: 'Social image', hint: 'What a shared link shows. Without one, the banner.', role: 'social' },
};

interface PostFieldsetProps {
  fields: PostFields;
  errors: PostFieldErrors;
  slugState: SlugState;
  /** The address on the site while published: a change makes the old one redirect once published. */
  publishedSlug?: string;
  onChange(name: keyof PostFields, value: string | PostImage | undefined): void;
}

/** The post's fields in plain words: title, address, date, lines under the title, body, images, SEO. */
export function PostFieldset({ fields, errors, slugState, publishedSlug, onChange }: PostFieldsetProps) {
  const text = (name: TextName) => {
    const { max, rows, type, ...spec } = TEXT[name]!;
    return (
      <ConsoleField
        {...spec}
        value={fields[name]}
        error={errors[name]}
        onChange={(event) => onChange(name, event.target.value)}
      >
        {(props) =>
          rows ? <textarea {...props} rows={rows} maxLength={max} /> : <input {...props} type={type} maxLength={max} />
        }
      </ConsoleField>
    );
  };
  const image = (name: ImageName) => (
    <ImageField
      {...IMAGES[name]}
      image={fields[name]}
      error={errors[name]}
      onChange={(value) => onChange(name, value)}
    />
  );
  return (
    <>
      {text('title')}
      <ConsoleField
        label="Address"
        hint={
          publishedSlug === undefined
            ? 'Suggested from the title: the post is at /<address>.'
            : `On the site at /${publishedSlug}. A new address takes its place once published; the old one leads to it.`
        }
        value={fields.slug}
        error={errors.slug ?? slugTaken(slugState)}
        onChange={(event) => onChange('slug', event.target.value)}
      >
        {(props) => <input {...props} maxLength={POST_LIMITS.slug} autoComplete="off" spellCheck={false} />}
      </ConsoleField>
      <p className="console-small" role="status">
        {slugState.status === 'loading' && 'Checking the address…'}
        {slugState.status === 'ready' && !slugState.preview.problem && `/${slugState.preview.slug} is free.`}
        {slugState.status === 'failed' && `The address could not be checked. ${slugState.error}`}
      </p>
      {text('postedDate')}
      {text('subtitle')}
      {text('author')}
      {text('markdown')}
      {image('banner')}
      {image('thumbnail')}
      <fieldset className="console-campaign__fields">
        <legend className="form-label">For search results and social sites</legend>
        {text('metaDescription')}
        {text('socialTitle')}
        {image('socialImage')}
      </fieldset>
    </>
  );
}
