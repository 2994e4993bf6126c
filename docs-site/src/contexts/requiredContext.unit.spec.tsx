/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { createRequiredContext } from './requiredContext';

const [GreetingProvider, useGreeting] = createRequiredContext<string>(
  'useGreeting',
  'GreetingProvider',
);

function Greeting() {
  return <p>{useGreeting()}</p>;
}

describe('createRequiredContext', () => {
  it("gives the provider's value to the hook", () => {
    render(
      <GreetingProvider value="hello">
        <Greeting />
      </GreetingProvider>,
    );
    expect(screen.getByText('hello')).toBeTruthy();
  });

  it('throws, naming the provider, when the hook is used outside it', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Greeting />)).toThrow(
      'useGreeting must be used inside <GreetingProvider>',
    );
  });
});
