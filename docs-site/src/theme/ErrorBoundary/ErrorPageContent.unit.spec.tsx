/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorBoundary } from './ErrorBoundary';
import { causalChain, ErrorPageContent } from './ErrorPageContent';

let shouldThrow = true;

function Fragile() {
  if (shouldThrow)
    throw new Error('Rendering the table failed', { cause: new Error('rows is undefined') });
  return <p>Recovered</p>;
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('the crash screen', () => {
  it('shows "This page crashed.", the message and its causes, and "Try again" renders anew', () => {
    shouldThrow = true;
    render(
      <ErrorBoundary fallback={(props) => <ErrorPageContent {...props} />}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'This page crashed.' })).toBeTruthy();
    expect(screen.getByText('Rendering the table failed')).toBeTruthy();
    expect(screen.getByText('rows is undefined')).toBeTruthy();

    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Recovered')).toBeTruthy();
  });

  it('follows causes, and stops on a cycle', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(causalChain(b)).toHaveLength(10);
    expect(causalChain(new Error('x', { cause: 'text' }))).toEqual([expect.any(Error), 'text']);
  });
});
