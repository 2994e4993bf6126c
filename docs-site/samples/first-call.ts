/** The first call of the introduction: list the first members of your community. */
import { BrandApiError, brandApi } from './brand-api-client';

// #region types
export interface Member {
  id: string;
  username: string;
  firstName: string;
  lastName?: string | null;
  email: string;
  phoneNumber?: string | null;
  isEmailVerified: boolean;
  isBanned?: boolean;
  role: 'ADMIN' | 'MODERATOR' | 'CUSTOMER';
  groupIds: string[];
}

/** Every list call answers a page like this one. */
export interface Page<T> {
  hasMore: boolean;
  data: T[];
  nextCursor: string | null;
}
// #endregion types

// #region first-call
export async function printFirstMembers(apiKey: string): Promise<void> {
  const options = { baseUrl: 'https://api.brand-community.example/api/v1', apiKey };
  try {
    const page = await brandApi<Page<Member>>(options, 'GET', '/members?limit=5');
    for (const member of page.data) {
      console.log(`${member.username} <${member.email}> ${member.role}`);
    }
    console.log(page.hasMore ? 'More members follow.' : 'That is everyone.');
  } catch (error) {
    if (error instanceof BrandApiError && error.body.code === 'UNAUTHORIZED') {
      console.error('Send your API key: Authorization: Bearer <key>');
    }
    throw error;
  }
}
// #endregion first-call
