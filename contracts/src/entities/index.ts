export * from './user-reference';
export * from './member';
export * from './member-group';
export * from './brand-product';
export * from './brand-product-variant';
export * from './post';
export * from './magic-link';
export * from './error-body';
