/**
 * Where the build keeps what rendering the reference needs between runs (Redoc's bundle patched
 * for Node, see redoc-in-node.ts). Gatsby runs gatsby-node from the site's directory.
 */
import path from 'node:path';

export const API_REFERENCE_CACHE = path.join(process.cwd(), '.cache', 'api-reference');
