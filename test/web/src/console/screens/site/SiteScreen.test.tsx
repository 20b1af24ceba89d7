/**
 * The Site screen (issue 32, part 5) as an owner meets it: the API's figures shown as they came
 * (totals beside the previous period, every list with its conversions and rate, each chart's line
 * and its table), the busy day in plain words, the ranges (7, 30, 90 days or chosen days, refused
 * in the rules' words), the CSV, and a forged referrer shown as text. The API is a stand-in
 * answering by URL (./site-report.ts); the screen, its chart drawing included, is real.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import SiteScreen from '#web/src/console/screens/site/SiteScreen.tsx';
import { emptyReport, NOW_MS, reportUrl, siteFetch, WEEK, WEEK_REPORT } from './site-report';

const THIRTY_DAYS = { from: '2026-10-30', to: '2026-11-28' };

beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW_MS));
afterEach(() => jest.restoreAllMocks());

const openSite = (address = '/site?days=7') =>
  render(
    <MemoryRouter initialEntries={[address]}>
      <SiteScreen />
    </MemoryRouter>,
  );

/** A total's figure and what it is compared with, as read on the screen. */
const total = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling!.textContent;

/** A list's rows, each cell's text (the key first). */
const rowsOf = (title: string) =>
  within(screen.getByRole('region', { name: title }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the Site screen', () => {
  it("shows the API's totals beside the previous period's, and the busy day in plain words", async () => {
    // Prepare
    const asked = siteFetch(() => ({ status: 200, body: WEEK_REPORT }));

    // Act
    openSite();

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 22–28, 2026' })).toBeVisible();
    expect(asked).toEqual([reportUrl(WEEK)]);
    expect(screen.getByText(/^Beside the 7 days before/, { selector: '.site-section > p' }).textContent).toBe(
      'Beside the 7 days before, Nov 15–21, 2026. From Sat, Nov 28, 2026 on, the figures are still being counted and may grow.',
    );
    expect(total('Visitors')).toBe('65 The 7 days before: 25 (up 160%)');
    expect(total('Page views')).toBe('103 The 7 days before: 37 (up 178.4%)');
    expect(total('Conversions')).toBe('5 The 7 days before: 2 (up 150%)');
    expect(total('Conversion rate')).toBe('7.7% The 7 days before: 8%');
    expect(
      screen.getByText('Conversions by kind: Scorecard requests 2, Contact sign-ups 2, Confirmed subscriptions 1.'),
    ).toBeVisible();
    const busy = screen.getByRole('heading', { level: 3, name: 'Busy days' }).parentElement!;
    expect(within(busy).getByRole('listitem').textContent).toBe(
      '40 visitors on Fri, Nov 27, 2026, more than three times the usual (4.5 a day in the 28 days before).',
    );
  });

  it('lists pages, entry pages, articles, sources, campaigns, countries and devices with conversions and rate', async () => {
    // Prepare
    siteFetch(() => ({ status: 200, body: WEEK_REPORT }));
    const user = userEvent.setup();

    // Act
    openSite();
    await screen.findByRole('heading', { level: 2, name: 'Nov 22–28, 2026' });

    // Assess: the API's rows, in its order, in the owners' words
    expect(rowsOf('Pages').slice(0, 2)).toEqual([
      ['/', '30', '40', '3', '10%'],
      ['/quiet-quitting', '20', '22', '1', '5%'],
    ]);
    expect(rowsOf('Entry pages')).toEqual([
      ['/', '28', '50', '3', '10.7%'],
      ['/quiet-quitting', '18', '30', '1', '5.6%'],
    ]);
    expect(rowsOf('Articles')).toEqual([['/quiet-quitting', '20', '22', '1', '5%']]);
    expect(rowsOf('Sources')).toEqual([
      ['newsletter / email', '12', '20', '2', '16.7%'],
      ['Direct: typed in, bookmarked, or from an app', '40', '60', '3', '7.5%'],
    ]);
    expect(rowsOf('Campaigns')).toEqual([
      ['december-hiring', '12', '20', '2', '16.7%'],
      ['No campaign', '53', '83', '3', '5.7%'],
    ]);
    expect(rowsOf('Countries')).toEqual([
      ['Canada', '60', '95', '5', '8.3%'],
      ['United States', '5', '8', '0', '0%'],
    ]);
    expect(rowsOf('Devices')).toEqual([
      ['Phone', '40', '60', '3', '7.5%'],
      ['Computer', '25', '43', '2', '8%'],
    ]);
    // A forged referrer's markup is text: no element was made of it
    expect(rowsOf('Referring sites')[0]![0]).toBe('<img src=x onerror=alert(1)>.example');
    expect(document.querySelector('img')).toBeNull();

    // Act: 12 pages, 10 shown until "Show all"
    expect(rowsOf('Pages')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show all 12 pages' }));

    // Assess
    expect(rowsOf('Pages')).toHaveLength(12);
    expect(rowsOf('Pages').at(-1)).toEqual(['/page-10', '1', '1', '0', '0%']);
    expect(screen.getByRole('button', { name: 'Show the first 10 pages' })).toBeVisible();
  });

  it('draws each chart from the days it was given, the previous period beside, with the same figures in its table', async () => {
    // Prepare
    siteFetch(() => ({ status: 200, body: WEEK_REPORT }));
    const user = userEvent.setup();

    // Act
    openSite();
    const chart = await screen.findByRole('img', {
      name:
        'Visitors, Sun, Nov 22, 2026 to Sat, Nov 28, 2026: 65 visitors in all, the most on Fri, Nov 27, 2026 (40); ' +
        'the previous period 25 visitors. The table under the chart has every day.',
    });

    // Assess: the lines drawn are the API's days on the scale written beside them (0 to 40)
    const figure = chart.closest('figure')!;
    expect(within(figure).getByRole('heading', { level: 3 }).textContent).toBe('Visitors');
    expect(figure.querySelector('.site-chart__axis')!.textContent).toBe('400');
    const valuesOf = (line: string) =>
      figure
        .querySelector(`.trend-chart__${line}`)!
        .getAttribute('points')!
        .split(' ')
        .map((point) => Math.round(((300 - Number(point.split(',')[1])) / 300) * 40));
    await waitFor(() => expect(figure.querySelector('.trend-chart__current')).not.toBeNull());
    expect(valuesOf('current')).toEqual(WEEK_REPORT.days.map((day) => day.visitors));
    expect(valuesOf('previous')).toEqual(WEEK_REPORT.previousDays.map((day) => day.visitors));
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('aria-label')!.split(',')[0])).toEqual([
      'Visitors',
      'Page views',
      'Conversions',
    ]);

    // Act: the table alternative
    await user.click(within(figure).getByText('Visitors: every day as a table'));

    // Assess: every day beside the same weekday of the previous period
    const rows = within(figure)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Sun, Nov 22, 2026', '3', 'Sun, Nov 15, 2026', '2'],
      ['Mon, Nov 23, 2026', '5', 'Mon, Nov 16, 2026', '4'],
      ['Tue, Nov 24, 2026', '4', 'Tue, Nov 17, 2026', '3'],
      ['Wed, Nov 25, 2026', '0', 'Wed, Nov 18, 2026', '1'],
      ['Thu, Nov 26, 2026', '6', 'Thu, Nov 19, 2026', '5'],
      ['Fri, Nov 27, 2026', '40', 'Fri, Nov 20, 2026', '6'],
      ['Sat, Nov 28, 2026', '7', 'Sat, Nov 21, 2026', '4'],
    ]);
  });

  it('opens on the last 30 days, and switches to 7, 90 or chosen days, refusing days the rules refuse', async () => {
    // Prepare
    const asked = siteFetch((url) => {
      const query = new URLSearchParams(url.split('?')[1]);
      return { status: 200, body: emptyReport({ from: query.get('from')!, to: query.get('to')! }) };
    });
    const user = userEvent.setup();

    // Act
    openSite('/site');

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Oct 30–Nov 28, 2026' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page');
    expect(asked).toEqual([reportUrl(THIRTY_DAYS)]);
    expect(total('Visitors')).toBe('0 The 30 days before: 0 (the same)');
    expect(total('Conversion rate')).toBe('no visitors The 30 days before: no visitors');
    expect(
      within(screen.getByRole('region', { name: 'Campaigns' })).getByText('No visit in these days.'),
    ).toBeVisible();

    // Act
    await user.click(screen.getByRole('link', { name: 'Last 7 days' }));

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 22–28, 2026' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Last 7 days' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Last 30 days' })).not.toHaveAttribute('aria-current');

    // Act
    await user.click(screen.getByRole('link', { name: 'Last 90 days' }));

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Aug 31–Nov 28, 2026' })).toBeVisible();

    // Act: days the rules refuse are said, and not asked for
    const form = screen.getByRole('form', { name: 'Choose the days' });
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2026-11-10' } });
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-11-01' } });
    await user.click(within(form).getByRole('button', { name: 'Show these days' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The first day must not be after the last day.');
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-11-29' } });
    await user.click(within(form).getByRole('button', { name: 'Show these days' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The last day cannot be after today.');

    // Act: chosen days
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-11-10' } });
    await user.click(within(form).getByRole('button', { name: 'Show these days' }));

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 1–10, 2026' })).toBeVisible();
    expect(screen.getByText(/^Beside the 10 days before/).textContent).toBe(
      'Beside the 10 days before, Oct 22–31, 2026.',
    );
    expect(screen.queryByRole('link', { current: 'page' })).toBeNull();
    expect(screen.getByLabelText('First day')).toHaveValue('2026-11-01');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asked).toEqual([
      reportUrl(THIRTY_DAYS),
      reportUrl(WEEK),
      reportUrl({ from: '2026-08-31', to: '2026-11-28' }),
      reportUrl({ from: '2026-11-01', to: '2026-11-10' }),
    ]);
  });

  it('says why when an address holds days the rules refuse, and asks nothing', async () => {
    // Prepare
    const asked = siteFetch(() => ({ status: 200, body: WEEK_REPORT }));

    // Act
    openSite('/site?from=2026-02-30&to=2026-03-02');

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('Write each day as yyyy-mm-dd, a day that exists.');
    expect(asked).toEqual([]);
  });

  it('exports the days shown as one CSV file and says how many rows it holds', async () => {
    // Prepare
    const asked = siteFetch((url) =>
      url.startsWith('/api/admin/site/export')
        ? { file: 'list,key\nday,2026-11-22', rows: 8, filename: 'site-2026-11-22-to-2026-11-28.csv' }
        : { status: 200, body: WEEK_REPORT },
    );
    URL.createObjectURL = jest.fn(() => 'blob:site');
    URL.revokeObjectURL = jest.fn();
    let savedAs = '';
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    const user = userEvent.setup();
    openSite();
    await screen.findByRole('heading', { level: 2, name: 'Nov 22–28, 2026' });

    // Act
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    // Assess
    expect(await screen.findByText('Downloaded site-2026-11-22-to-2026-11-28.csv: 8 rows.')).toBeVisible();
    expect(savedAs).toBe('site-2026-11-22-to-2026-11-28.csv');
    expect(asked).toEqual([reportUrl(WEEK), '/api/admin/site/export?from=2026-11-22&to=2026-11-28']);
  });

  it("says the API's words when the report cannot come, and 'Try again' brings it", async () => {
    // Prepare
    const replies = [
      { status: 503, body: { message: 'The console is busy. Please try again.' } },
      { status: 200, body: WEEK_REPORT },
    ];
    siteFetch(() => replies.shift()!);
    const user = userEvent.setup();
    openSite();

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('The console is busy. Please try again.');
    expect(screen.queryByRole('status')).toBeNull();

    // Act
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 22–28, 2026' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what the numbers mean and that no one’s visits are shown', async () => {
    // Prepare
    siteFetch(() => ({ status: 200, body: WEEK_REPORT }));

    // Act
    openSite();

    // Assess
    const meaning = await screen.findByRole('region', { name: 'What these numbers mean' });
    expect(within(meaning).getByText(/^are counted once a day per device, without cookies\./)).toBeVisible();
    expect(within(meaning).getByRole('heading', { name: 'What this screen does not show' })).toBeVisible();
    expect(within(meaning).getByText(/^Anyone's visits\. It shows sums only/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'what these numbers mean' })).toHaveAttribute('href', '#site-meaning');
  });
});
