export * from './access-events';
export * from './email';
export * from './allowlist';
export * from './sign-in';
export * from './access.aggregate';
export * from './auditors';
