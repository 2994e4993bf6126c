/** The API version, from the bundled OpenAPI document (the same the reference page shows). */
import { contractsData } from './contracts-data';

export function ApiVersion() {
  return <>{contractsData.apiVersion}</>;
}
