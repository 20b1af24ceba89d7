import { EXPECTED_POSTS } from '#test/support/spec-posts.ts';
import { adjacentPosts } from '#web/src/features/blog/post-chain.ts';
import { FIXTURE_POSTS } from '#test/support/fixture-posts.ts';

const slugAt = (id: number) => EXPECTED_POSTS[id].slug;

describe("the spec's blog list", () => {
  it('has no duplicate slugs', () => {
    expect(new Set(EXPECTED_POSTS.map(({ slug }) => slug)).size).toBe(EXPECTED_POSTS.length);
  });

  it('pins the tree-planter subtitle and month-only date', () => {
    expect(EXPECTED_POSTS[21]).toEqual({
      slug: 'do-you-want-to-be-a-tree-planter',
      dateText: 'December 2022',
      subtitle: 'Clarifying Expectations Part II',
    });
  });

  it('lists dates newest first', () => {
    const isoDates = FIXTURE_POSTS.map(({ isoDate }) => isoDate);
    expect([...isoDates].sort().reverse()).toEqual(isoDates);
  });
});

describe('the Previous/Next chain', () => {
  const chain = (id: number) => {
    const { previous, next } = adjacentPosts(FIXTURE_POSTS, slugAt(id));
    return { previous: previous?.slug, next: next?.slug };
  };

  it('gives a slug not in the list no neighbours', () => {
    expect(adjacentPosts(FIXTURE_POSTS, 'no-such-post')).toEqual({});
  });

  it('gives the first post no Previous and the last post no Next', () => {
    expect(chain(0)).toEqual({ previous: undefined, next: slugAt(1) });
    expect(chain(24)).toEqual({ previous: slugAt(23), next: undefined });
    expect(slugAt(24)).toBe('talent-or-luck-what-matters-most');
  });

  it('links every post to its neighbours in list order (Previous = newer)', () => {
    for (let id = 1; id < 24; id += 1) {
      expect(chain(id)).toEqual({ previous: slugAt(id - 1), next: slugAt(id + 1) });
    }
  });

  it('follows the chain the spec spells out at its head and tail', () => {
    const order: string[] = [];
    for (let slug: string | undefined = slugAt(0); slug !== undefined;) {
      order.push(slug);
      slug = adjacentPosts(FIXTURE_POSTS, slug).next?.slug;
    }
    expect(order).toHaveLength(25);
    expect(order.slice(0, 4)).toEqual([
      'navigating-the-hiring-maze',
      'barriers-to-succession-planning-business-autonomy-and-success',
      'what-hat-to-wear-as-you-grow',
      'hire-the-right-consultant-for-your-business',
    ]);
    expect(order.slice(-3)).toEqual([
      'turnover-throws-money-and-people-away',
      "psychological-safety-you-can't-see-what-you-don't-believe",
      'talent-or-luck-what-matters-most',
    ]);
  });
});
