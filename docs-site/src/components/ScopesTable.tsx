/** The scope table of the REST guide, generated from the contracts' route table. */
import { contractsData } from './contracts-data';

export function ScopesTable() {
  return (
    // Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too (axe
    // scrollable-region-focusable; markdown tables get the same from rehype-focusable-scroll).
    <table tabIndex={0}>
      <thead>
        <tr>
          <th scope="col">Scope</th>
          <th scope="col">Grants</th>
          <th scope="col">Operations</th>
        </tr>
      </thead>
      <tbody>
        {contractsData.scopes.map((row) => (
          <tr key={row.scope}>
            <td>
              <code>{row.scope}</code>
            </td>
            <td>{row.description}</td>
            <td>
              {row.operations.map((operation) => (
                <code key={operation}>{operation}</code>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
