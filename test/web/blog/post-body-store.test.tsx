import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createPostBodyStore, type BodyLoaders, type PostBodyStore } from '#web/src/features/blog/post-body-store.ts';

const bodyOf = (id: number) => ({ before: `<p>Before ${id}</p>`, after: `<p>After ${id}</p>` });

function storeWithLoaders() {
  const loaders: BodyLoaders = {
    0: jest.fn(() => Promise.resolve({ default: bodyOf(0) })),
    1: jest.fn(() => Promise.resolve({ default: bodyOf(1) })),
  };
  return { store: createPostBodyStore(loaders), loaders };
}

function Body({ store, id }: { store: PostBodyStore; id: number }) {
  const body = store.usePostBody(id);
  return <div dangerouslySetInnerHTML={{ __html: body.before + body.after }} />;
}

const page = (store: PostBodyStore, id: number) => (
  <Suspense fallback={<p>Loading</p>}>
    <Body store={store} id={id} />
  </Suspense>
);

describe('the post body store', () => {
  it('renders a preloaded body synchronously, as the prerender and hydration need', async () => {
    const { store, loaders } = storeWithLoaders();
    await store.preload(0);
    expect(store.peek(0)).toEqual(bodyOf(0));
    expect(renderToString(page(store, 0))).toContain('<p>Before 0</p><p>After 0</p>');
    expect(loaders[1]).not.toHaveBeenCalled();
  });

  it('suspends on a body not yet loaded, then shows it', async () => {
    const { store } = storeWithLoaders();
    expect(store.peek(1)).toBeUndefined();
    await act(async () => {
      render(page(store, 1));
    });
    expect(await screen.findByText('Before 1')).toBeInTheDocument();
  });

  it('loads each body once, and only the one asked for', async () => {
    const { store, loaders } = storeWithLoaders();
    await Promise.all([store.preload(0), store.preload(0)]);
    expect(loaders[0]).toHaveBeenCalledTimes(1);
    expect(loaders[1]).not.toHaveBeenCalled();
  });

  it('forgets a failed load so the next visit retries', async () => {
    const loader = jest
      .fn()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce({ default: bodyOf(0) });
    const store = createPostBodyStore({ 0: loader });
    await expect(store.preload(0)).rejects.toThrow('network');
    await store.preload(0);
    expect(store.peek(0)).toEqual(bodyOf(0));
  });

  it('rejects an unknown post id', async () => {
    await expect(storeWithLoaders().store.preload(99)).rejects.toThrow('There is no blog post with id 99');
  });
});
