import { useSite } from '../context.js';

// Docusaurus's @docusaurus/useGlobalData: the data plugins publish (setGlobalData, and the docs
// plugin's versions), plugin name → plugin id → data, of the page's locale. The build puts it into the
// chrome only when the site's code imports this module (plugins/docusaurus/globalData.ts).

type GlobalData = Record<string, Record<string, unknown>>;

export default function useGlobalData(): GlobalData {
  return useSite().chrome.globalData ?? {};
}

export function useAllPluginInstancesData(pluginName: string, options: { failfast?: boolean } = {}): Record<string, unknown> | undefined {
  const data = useGlobalData()[pluginName];
  if (!data && options.failfast) throw new Error(`Docusaurus plugin global data not found for "${pluginName}" plugin.`);
  return data;
}

export function usePluginData(pluginName: string, pluginId = 'default', options: { failfast?: boolean } = {}): unknown {
  const data = useAllPluginInstancesData(pluginName)?.[pluginId];
  if (!data && options.failfast) throw new Error(`Docusaurus plugin global data not found for "${pluginName}" plugin with id "${pluginId}".`);
  return data;
}
