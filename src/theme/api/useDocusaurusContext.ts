import { useDocusaurusContext } from './hooks.js';

export default useDocusaurusContext;
