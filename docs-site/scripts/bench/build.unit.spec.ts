import { parseGatsbyTimings } from './build';

describe('parseGatsbyTimings', () => {
  it("reads Gatsby's total and its slow steps, longest first", () => {
    const output = [
      '\u001b[2K\u001b[1A\u001b[Gsuccess load plugins - 0.137s',
      'success Building production JavaScript and CSS bundles - 13.844s',
      'success Building HTML renderer - 7.894s',
      'success Building static HTML for pages - 1.046s - 11/11 10.52/s',
      'info Done building in 28.246344656 sec',
    ].join('\n');
    expect(parseGatsbyTimings(output)).toEqual({
      gatsbySeconds: 28.246344656,
      slowSteps: [
        { step: 'Building production JavaScript and CSS bundles', seconds: 13.844 },
        { step: 'Building HTML renderer', seconds: 7.894 },
        { step: 'Building static HTML for pages', seconds: 1.046 },
      ],
    });
  });
});
