import { act, fireEvent, render, screen } from '@testing-library/react';
import { BACK_TO_TOP_THRESHOLD_PX, BackToTop } from '#web/src/components/BackToTop.tsx';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe('BackToTop', () => {
  beforeEach(() => {
    window.scrollTo = jest.fn();
    scrollTo(0);
  });

  it('is hidden until the page scrolls more than 50 px (docs/spec/site-spec.md#4-states-and-transitions)', () => {
    expect(BACK_TO_TOP_THRESHOLD_PX).toBe(50);
    render(<BackToTop />);
    const button = screen.getByLabelText('Back to top');
    expect(button).not.toBeVisible();

    scrollTo(50);
    expect(button).not.toBeVisible();
    scrollTo(51);
    expect(button).toBeVisible();
    scrollTo(300);
    expect(button).toBeVisible();
    scrollTo(10);
    expect(button).not.toBeVisible();
  });

  it('scrolls to the top when clicked', () => {
    render(<BackToTop />);
    scrollTo(800);
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});
