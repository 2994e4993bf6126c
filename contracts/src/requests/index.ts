export * from './common';
export * from './bulk-sync';
export * from './brand-products';
export * from './brand-product-variants';
export * from './members';
export * from './member-groups';
export * from './magic-link';
export * from './posts';
