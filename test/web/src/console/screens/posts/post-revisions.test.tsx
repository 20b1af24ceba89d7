/**
 * A post's revisions in the console (issue 31): every save listed newest first with who and why,
 * any one seen whole, two compared as a readable difference (a changed field before and after, the
 * body's lines removed and added among folded unchanged ones), and an earlier one restored after
 * asking, as a new revision, the editor then showing it. A restore waits while typing is unsaved.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { PostFields, PostRevision } from '#shared/console/posts.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { sentRequests } from '#test/web/support/mock-fetch.ts';
import { routedFetch } from '#test/web/src/console/support/routed-fetch.ts';
import { ID, OWNER, PATH, pageRoutes, post, savedFields } from './post-fixture';

const BODY = ['Hello from the firm.', '', 'One.', 'Two.', 'Three.', 'Four.', 'Five.', 'Six.', 'Spring is busy.'];
const fields = (overrides: Partial<PostFields>): PostFields => ({ ...savedFields(post()), ...overrides });
const revision = (number: number, revisionFields: PostFields, extra: Partial<PostRevision> = {}): PostRevision => ({
  revision: number,
  savedAt: 1_780_000_000 + number * 60,
  savedBy: OWNER.owner,
  cause: 'saved',
  fields: revisionFields,
  ...extra,
});
const REVISIONS = [
  revision(3, fields({ title: 'Spring hiring news', markdown: BODY.join('\n').replace('Five.', 'Five, and more.') })),
  revision(2, fields({ title: 'Spring news', markdown: BODY.join('\n') }), { cause: 'restored', restoredFrom: 1 }),
  revision(1, fields({ title: 'Spring news', markdown: BODY.join('\n') }), { cause: 'seeded' }),
];
const rows = (revisions: PostRevision[]) => revisions.map(({ fields: _fields, ...row }) => row);

const open = () =>
  render(
    <MemoryRouter initialEntries={[`/posts/${ID}`]}>
      <ConsoleApp />
    </MemoryRouter>,
  );

beforeEach(() => sessionStorage.clear());

describe('a post’s revisions', () => {
  it('lists every save, shows one whole, and compares two field by field and line by line', async () => {
    // Prepare
    routedFetch({
      ...pageRoutes(post({ markdown: REVISIONS[0]!.fields.markdown })),
      [`GET ${PATH}/revisions`]: [{ status: 200, body: { revisions: rows(REVISIONS) } }],
      [`GET ${PATH}/revisions/1`]: [{ status: 200, body: REVISIONS[2] }],
      [`GET ${PATH}/revisions/2`]: [{ status: 200, body: REVISIONS[1] }],
      [`GET ${PATH}/revisions/3`]: [{ status: 200, body: REVISIONS[0] }],
    });
    const user = userEvent.setup();
    open();

    // Act
    await user.click(await screen.findByRole('button', { name: 'Show the revisions' }));

    // Assess
    const list = await screen.findByRole('list', { name: 'Revisions, newest first' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual([
      `Revision 3 Saved May 28, 2026, 2:29 p.m. by ${OWNER.owner}`,
      `Revision 2 Saved May 28, 2026, 2:28 p.m. by ${OWNER.owner} · restored from revision 1`,
      `Revision 1 Saved May 28, 2026, 2:27 p.m. by ${OWNER.owner} · from the site's first posts`,
    ]);

    // Act: one whole
    await user.click(screen.getByRole('button', { name: 'See revision 1' }));

    // Assess
    const one = await screen.findByRole('region', { name: 'Revision 1' });
    expect(within(one).getByText('Title').nextSibling).toHaveTextContent('Spring news');
    expect(within(one).getByText('Author line').nextSibling).toHaveTextContent('Maren Holt');

    // Act: revisions 2 and 3 (the choices' first pair)
    await user.click(screen.getByRole('button', { name: 'Compare' }));

    // Assess: only what changed, in words
    const compared = await screen.findByRole('region', { name: 'From revision 2 to revision 3' });
    expect([...compared.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Title', 'Body']);
    expect(within(compared).getByText('Title').nextSibling).toHaveTextContent(
      'Before: Spring newsAfter: Spring hiring news',
    );
    expect([...compared.querySelectorAll('.console-diff li')].map((line) => line.textContent)).toEqual([
      '4 unchanged lines',
      'Three.',
      'Four.',
      'Removed: Five.',
      'Added: Five, and more.',
      'Six.',
      'Spring is busy.',
    ]);
  });

  it('restores an earlier revision after asking, as a new revision, and the editor shows it', async () => {
    // Prepare
    const restored = post({ title: 'Spring news', markdown: BODY.join('\n'), version: 4 });
    const fetchMock = routedFetch({
      ...pageRoutes(post()),
      [`GET ${PATH}/revisions`]: [
        { status: 200, body: { revisions: rows(REVISIONS) } },
        {
          status: 200,
          body: { revisions: rows([revision(4, restored, { cause: 'restored', restoredFrom: 2 }), ...REVISIONS]) },
        },
      ],
      [`POST ${PATH}/revisions/2/restore`]: [
        { status: 200, body: { message: 'Revision 2 restored as the latest; nothing was lost.', post: restored } },
      ],
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Show the revisions' }));

    // Act
    await user.click(await screen.findByRole('button', { name: 'Restore revision 2' }));

    // Assess: asked first
    expect(
      screen.getByText('Restore revision 2? Its fields are saved as a new revision; nothing is lost.'),
    ).toBeVisible();

    // Act
    await user.click(screen.getByRole('button', { name: 'Yes, restore it' }));

    // Assess: the API's words; sent with the version seen; the editor and the list follow
    expect(await screen.findByText('Revision 2 restored as the latest; nothing was lost.')).toBeVisible();
    expect(sentRequests(fetchMock).filter(({ url }) => url.endsWith('/restore'))).toEqual([
      { url: `${PATH}/revisions/2/restore`, method: 'POST', body: { version: 3 } },
    ]);
    expect(screen.getByLabelText('Title')).toHaveValue('Spring news');
    expect(screen.getByRole('heading', { level: 1, name: 'Spring news' })).toBeVisible();
    const newest = () =>
      within(screen.getByRole('list', { name: 'Revisions, newest first' })).getAllByRole('listitem')[0];
    await waitFor(() => expect(newest()).toHaveTextContent(/^Revision 4 Saved .* · restored from revision 2/));
  });

  it('waits to restore while typing is unsaved', async () => {
    // Prepare
    routedFetch({
      ...pageRoutes(post()),
      [`GET ${PATH}/revisions`]: [{ status: 200, body: { revisions: rows(REVISIONS) } }],
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Show the revisions' }));

    // Act
    await user.type(screen.getByLabelText('Body'), ' Unsaved.');

    // Assess
    expect(screen.getByText('Restoring waits until your changes are saved.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Restore revision 2' })).toBeDisabled();
  });
});
