import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createSuspenseCache, type SuspenseCache } from '#web/src/lib/suspense-cache.ts';

const bodyOf = (key: string) => `<p>Before ${key}</p><p>After ${key}</p>`;

function cacheWithLoader() {
  const load = jest.fn((key: string) => Promise.resolve(bodyOf(key)));
  return { cache: createSuspenseCache(load), load };
}

function Body({ cache, id }: { cache: SuspenseCache<string>; id: string }) {
  return <div dangerouslySetInnerHTML={{ __html: cache.useValue(id) }} />;
}

const page = (cache: SuspenseCache<string>, id: string) => (
  <Suspense fallback={<p>Loading</p>}>
    <Body cache={cache} id={id} />
  </Suspense>
);

describe('the suspense cache (a post’s data, the blog’s catalog)', () => {
  it('renders a preloaded value synchronously, as the prerender and hydration need', async () => {
    const { cache, load } = cacheWithLoader();
    await cache.preload('a');
    expect(cache.peek('a')).toEqual(bodyOf('a'));
    expect(renderToString(page(cache, 'a'))).toContain('<p>Before a</p><p>After a</p>');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a value a render provided without loading it, and loads it again once forgotten', async () => {
    const { cache, load } = cacheWithLoader();
    cache.provide('a', '<p>Provided</p>');
    expect(renderToString(page(cache, 'a'))).toContain('<p>Provided</p>');
    expect(load).not.toHaveBeenCalled();
    cache.forget('a');
    await cache.preload('a');
    expect(cache.peek('a')).toEqual(bodyOf('a'));
  });

  it('suspends on a value not yet loaded, then shows it', async () => {
    const { cache } = cacheWithLoader();
    expect(cache.peek('b')).toBeUndefined();
    await act(async () => {
      render(page(cache, 'b'));
    });
    expect(await screen.findByText('Before b')).toBeInTheDocument();
  });

  it('loads each value once, and only the one asked for', async () => {
    const { cache, load } = cacheWithLoader();
    await Promise.all([cache.preload('a'), cache.preload('a')]);
    expect(load.mock.calls).toEqual([['a']]);
  });

  it('forgets a failed load so the next visit retries', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(bodyOf('a'));
    const cache = createSuspenseCache<string>(load);
    await expect(cache.preload('a')).rejects.toThrow('network');
    await cache.preload('a');
    expect(cache.peek('a')).toEqual(bodyOf('a'));
  });
});
