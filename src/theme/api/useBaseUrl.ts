import { useBaseUrl, useBaseUrlUtils } from './hooks.js';

export { useBaseUrlUtils };
export default useBaseUrl;
