export { default } from '../../features/blog/BlogIndexPage';
