/** The error catalogue of the REST guide: every code /api/v1 can answer, from contracts. */
import { contractsData } from './contracts-data';
import { InlineMarkdown } from './InlineMarkdown';

export function ErrorCatalogue() {
  return (
    // Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too (axe
    // scrollable-region-focusable; markdown tables get the same from rehype-focusable-scroll).
    <table tabIndex={0}>
      <thead>
        <tr>
          <th scope="col">Status</th>
          <th scope="col">Code</th>
          <th scope="col">Message</th>
          <th scope="col">When and what to do</th>
        </tr>
      </thead>
      <tbody>
        {contractsData.errors.map((row) => (
          <tr key={row.code} id={`error-${row.code}`}>
            <td>{row.statusCode}</td>
            <td>
              <code>{row.code}</code>
            </td>
            <td>{row.message}</td>
            <td>
              <InlineMarkdown text={row.description} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
