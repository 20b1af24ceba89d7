import { useState } from 'react';
import type { PostFields } from '#shared/console/posts.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { PREVIEW_WIDTHS, PreviewChoice, PreviewFrame, type PreviewWidth } from '../../preview/PreviewFrame';
import { useLiveRender } from '../../preview/use-live-render';
import { previewPost } from './posts-api';

/**
 * The page without its scripts. The frame runs none (sandbox), and Chromium logs an error for each
 * one it refuses; what the page shows before its script starts is the whole page (prerendered), so
 * nothing else changes. Its one inline stylesheet is the build's, which the console's CSP allows by
 * hash (decision 0066), so unlike an email's styles it needs no help (email-frame-styles.ts).
 */
export const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');

/**
 * The post as the site will show it once published, rendered by the publisher's own renderer from
 * what is typed, saved or not (POST_ROUTES.preview): the real header, footer, side panel and the
 * previous and next posts, at a computer's width or a phone's.
 */
export function PostPreview({ fields, id, problem }: { fields: PostFields; id?: string; problem?: string }) {
  const state = useLiveRender(JSON.stringify([fields, id]), problem, (signal) => previewPost(fields, id, signal));
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const html = 'preview' in state ? state.preview : undefined;
  return (
    <section className="console-card console-preview console-post__preview" aria-labelledby="post-preview">
      <h2 id="post-preview">Preview</h2>
      <p className="console-small" role="status">
        {state.status === 'waiting' && `The preview appears once the post has what it needs. ${state.reason}`}
        {state.status === 'loading' && 'Updating the preview…'}
        {state.status === 'ready' && 'The page as the site will show it once published, saved or not.'}
      </p>
      {state.status === 'failed' && (
        <FormMessage kind="error" text={`The preview could not be updated. ${state.error}`} />
      )}
      {html !== undefined && (
        <>
          <div className="console-preview__choices">
            <PreviewChoice<PreviewWidth>
              legend="Width"
              name="post-preview-width"
              options={PREVIEW_WIDTHS}
              value={width}
              onChange={setWidth}
            />
          </div>
          <PreviewFrame title="The post as the site will show it" html={withoutScripts(html)} width={width} />
        </>
      )}
    </section>
  );
}
