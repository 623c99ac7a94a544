import { useBaseUrl } from './hooks.js';

export default useBaseUrl;
