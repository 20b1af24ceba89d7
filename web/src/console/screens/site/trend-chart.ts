/**
 * The Site screen's charts (issue 32): one measure's days as a line over a shaded area, the
 * previous period's days as a dashed line beside it, drawn into an <svg> the screen renders empty
 * (TrendChart.tsx). Plain SVG, no library and no React: the build makes this module a file of its
 * own (web/build/console-chunks.ts), so the console's one script carries none of it and only the
 * Site screen downloads it.
 *
 * The drawing stretches to its box (preserveAspectRatio none; site.css keeps the strokes' width),
 * so it fills a phone's width and a desktop's alike. Its words (the axis, the legend, the day
 * pointed at) are the screen's HTML, where they keep their size, and its figures are the screen's
 * table too.
 */
const SVG = 'http://www.w3.org/2000/svg';
/** The drawing's own units: the box it is stretched to decides its size on screen. */
const WIDTH = 1000;
const HEIGHT = 300;

export interface TrendDrawing {
  /** This period's values, one a day, oldest first. */
  current: readonly number[];
  /** The previous period's, as many, day for day (the same weekdays when the range is whole weeks). */
  previous: readonly number[];
  /** The value at the top of the plot (the screen writes it beside the chart). */
  top: number;
  /** Told which day (its index) the pointer, a finger or a pen is on; undefined once it leaves. */
  onPoint: (index: number | undefined) => void;
}

const element = (name: string, attributes: Record<string, string | number>) => {
  const made = document.createElementNS(SVG, name);
  for (const [attribute, value] of Object.entries(attributes)) made.setAttribute(attribute, String(value));
  return made;
};

/** Where day `index` of `count` stands across the drawing (a single day: the middle). */
const xOf = (index: number, count: number) => (count === 1 ? WIDTH / 2 : (index * WIDTH) / (count - 1));
const yOf = (value: number, top: number) => HEIGHT - (Math.min(value, top) / top) * HEIGHT;

/** A line's points; a single day is a level line across, so it can be seen. */
const pointsOf = (values: readonly number[], top: number) =>
  values.length === 1
    ? `0,${yOf(values[0]!, top)} ${WIDTH},${yOf(values[0]!, top)}`
    : values.map((value, index) => `${xOf(index, values.length)},${yOf(value, top)}`).join(' ');

/** Draws `drawing` into `svg` and follows the pointer over it; returns what undoes both. */
export function drawTrend(svg: SVGSVGElement, { current, previous, top, onPoint }: TrendDrawing): () => void {
  const count = current.length;
  const line = pointsOf(current, top);
  const marker = element('line', { class: 'trend-chart__marker', y1: 0, y2: HEIGHT, visibility: 'hidden' });
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.replaceChildren(
    ...[0, HEIGHT / 2, HEIGHT].map((y) =>
      element('line', { class: 'trend-chart__grid', x1: 0, x2: WIDTH, y1: y, y2: y }),
    ),
    element('polygon', { class: 'trend-chart__area', points: `0,${HEIGHT} ${line} ${WIDTH},${HEIGHT}` }),
    element('polyline', { class: 'trend-chart__previous', points: pointsOf(previous, top) }),
    element('polyline', { class: 'trend-chart__current', points: line }),
    marker,
  );

  const point = (event: PointerEvent) => {
    const box = svg.getBoundingClientRect();
    if (box.width === 0) return;
    const across = Math.round(((event.clientX - box.left) / box.width) * (count - 1));
    const index = Math.min(count - 1, Math.max(0, across));
    const x = xOf(index, count);
    marker.setAttribute('x1', String(x));
    marker.setAttribute('x2', String(x));
    marker.setAttribute('visibility', 'visible');
    onPoint(index);
  };
  const leave = () => {
    marker.setAttribute('visibility', 'hidden');
    onPoint(undefined);
  };
  // A tap (pointerdown) as well as a hover: a phone has no pointer to move.
  svg.addEventListener('pointermove', point);
  svg.addEventListener('pointerdown', point);
  svg.addEventListener('pointerleave', leave);
  return () => {
    svg.removeEventListener('pointermove', point);
    svg.removeEventListener('pointerdown', point);
    svg.removeEventListener('pointerleave', leave);
    svg.replaceChildren();
  };
}
