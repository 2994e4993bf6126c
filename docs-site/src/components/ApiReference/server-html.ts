/**
 * The reference's HTML rendered at build time (src/build/api-reference), handed to the page by
 * gatsby-ssr while it renders /api/. In the browser the context is empty: the container keeps
 * whatever HTML the server put there (see ApiReference).
 */
import { createContext } from 'react';

export const API_REFERENCE_PATH = '/api/';

export const ApiReferenceServerHtml = createContext('');
