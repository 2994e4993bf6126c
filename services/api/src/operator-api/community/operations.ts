/** The rooms and member-role operations live in the contracts, where `brandctl` reads them too. */
export { memberAdminOperations, roomAdminOperations } from '@brand-api/contracts';
