/**
 * The firm's days are Alberta's (America/Edmonton), not UTC's: a lead sent on an evening in
 * Calgary belongs to that evening's day, and "today" turns at midnight in Calgary.
 */
import { endOfFirmDay, firmDay, startOfFirmDay } from '#shared/firm-day.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe("the firm's calendar day", () => {
  it('is still the evening before in Calgary when UTC has passed midnight', () => {
    // 2026-01-15 06:59 UTC is 23:59 on the 14th in Calgary (UTC−7 in winter).
    expect(firmDay(at('2026-01-15T06:59:59Z'))).toBe('2026-01-14');
    expect(firmDay(at('2026-01-15T07:00:00Z'))).toBe('2026-01-15');
    // In summer (UTC−6) the day turns an hour earlier in UTC.
    expect(firmDay(at('2026-07-15T05:59:59Z'))).toBe('2026-07-14');
    expect(firmDay(at('2026-07-15T06:00:00Z'))).toBe('2026-07-15');
  });

  it("starts and ends at Calgary's midnights, in winter and in summer", () => {
    expect(startOfFirmDay('2026-01-15')).toBe(at('2026-01-15T07:00:00Z'));
    expect(endOfFirmDay('2026-01-15')).toBe(at('2026-01-16T06:59:59Z'));
    expect(startOfFirmDay('2026-07-15')).toBe(at('2026-07-15T06:00:00Z'));
    expect(endOfFirmDay('2026-07-15')).toBe(at('2026-07-16T05:59:59Z'));
  });

  it('is 23 hours long when the clocks go forward and 25 when they go back', () => {
    // 2025: forward on Sunday 9 March, back on Sunday 2 November, both at 2 a.m. in Alberta.
    // (Past dates: the zone's future rules are the time-zone data's, which changes with the law;
    // tzdata 2026c keeps Alberta on UTC−6 from November 2026.)
    expect(endOfFirmDay('2025-03-09') + 1 - startOfFirmDay('2025-03-09')).toBe(23 * 3600);
    expect(endOfFirmDay('2025-11-02') + 1 - startOfFirmDay('2025-11-02')).toBe(25 * 3600);
    expect(firmDay(startOfFirmDay('2025-03-09'))).toBe('2025-03-09');
    expect(firmDay(startOfFirmDay('2025-03-09') - 1)).toBe('2025-03-08');
  });
});

describe('loading the firm-day module', () => {
  afterEach(() => jest.restoreAllMocks());

  it('makes no time-zone formatter until a day is asked for (a cold start does not load the zone data)', () => {
    // Prepare
    const formatters = jest.spyOn(Intl, 'DateTimeFormat');
    let firmDayModule: typeof import('#shared/firm-day.ts') | undefined;

    // Act
    jest.isolateModules(() => {
      firmDayModule = jest.requireActual<typeof import('#shared/firm-day.ts')>('#shared/firm-day.ts');
    });
    const madeAtLoad = formatters.mock.calls.length;
    firmDayModule!.firmDay(at('2026-01-15T06:59:59Z'));
    firmDayModule!.firmDay(at('2026-07-15T06:00:00Z'));

    // Assess
    expect(madeAtLoad).toBe(0);
    expect(formatters).toHaveBeenCalledTimes(1);
  });
});
