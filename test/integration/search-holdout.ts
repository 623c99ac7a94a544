// The hold-out query set: queries of the same kinds as READER_QUERIES (search-queries.ts), written
// from the corpus's body text before any result was looked at, and never used to tune the ranking.
// bench/search-holdout.ts runs them in Chromium through the search page of the corpus build (and,
// for a one-off comparison, of a Docusaurus build) and reports top-1 and the share found. Not a test:
// its figures are measured, not asserted, so that nobody tunes on it.

import type { ReaderQuery } from './search-queries.js';

export const HOLDOUT_QUERIES: ReaderQuery[] = [
  { locale: 'en', kind: 'identifier', query: 'moving_the_device controlMsg', first: '/docs/references/advanced-features/fsm' },
  { locale: 'en', kind: 'command', query: '--user-metrics-interval', first: '/docs/guides/relative-information/user-metrics' },
  { locale: 'en', kind: 'command', query: 'kubectl edit shifu-crd-controller-manager', first: '/docs/guides/relative-information/user-metrics' },
  { locale: 'en', kind: 'identifier', query: 'MQTTTopic get_topicmsg1', first: '/docs/guides/cases/connect-mqtt' },
  { locale: 'en', kind: 'identifier', query: 'mqtt_receive_timestamp', first: '/docs/guides/cases/connect-mqtt' },
  { locale: 'en', kind: 'command', query: 'sqlserver-secret', first: '/docs/guides/telemetryservice/pushtoSQLServer' },
  { locale: 'en', kind: 'command', query: 'kubectl logs high-temperature-detector', first: '/docs/guides/application/temperature' },
  { locale: 'en', kind: 'question', query: 'how can a subscriber match multiple topics with a wildcard', first: '/news/2023/1/6/mqtt101-Topic' },
  { locale: 'en', kind: 'question', query: 'what does RTCP do while RTP transmits video', first: '/news/2023/1/6/rtsp101' },
  { locale: 'en', kind: 'identifier', query: 'NodePool READYNODES', first: '/technical-blogs/2022/06/17/openyurt' },
  { locale: 'en', kind: 'phrase', query: 'camera alarm when temperature higher than 37 degrees', first: '/technical-blogs/2022/06/10/emqx' },
  { locale: 'en', kind: 'phrase', query: 'write data cleansing rules in JavaScript', first: '/technical-blogs/2022/09/15/wasmedge' },
  { locale: 'en', kind: 'identifier', query: 'rootaddress Q0.0', first: '/docs/guides/cases/connect-s7-plc' },
  { locale: 'en', kind: 'identifier', query: 'plc_configuration_directory', first: '/docs/guides/cases/connect-s7-plc' },
  { locale: 'en', kind: 'question', query: 'how do I exit the nginx container', first: '/docs/tutorials/demo-try' },
  { locale: 'en', kind: 'typo', query: 'tdengin serverAddress', first: '/docs/guides/telemetryservice/pushtoTDEngine' },
  { locale: 'en', kind: 'typo', query: 'wildcrd topic levels', first: '/news/2023/1/6/mqtt101-Topic' },
  { locale: 'en', kind: 'error', query: 'device is blocked by controlMsg', first: '/docs/references/advanced-features/fsm' },
  { locale: 'zh-Hans', kind: 'mixed', query: '设备完成控制命令后MQTT Broker', first: '/zh-Hans/docs/references/advanced-features/fsm' },
  { locale: 'zh-Hans', kind: 'mixed', query: '关闭用户指标收集', first: '/zh-Hans/docs/guides/relative-information/user-metrics' },
  { locale: 'zh-Hans', kind: 'mixed', query: '--enable-user-metrics', first: '/zh-Hans/docs/guides/relative-information/user-metrics' },
  { locale: 'zh-Hans', kind: 'mixed', query: 'TDengine用户名与密码', first: '/zh-Hans/docs/guides/telemetryservice/pushtoTDEngine' },
  { locale: 'zh-Hans', kind: 'identifier', query: 'get_topicmsg1', first: '/zh-Hans/docs/guides/cases/connect-mqtt' },
  { locale: 'zh-Hans', kind: 'command', query: 'kubectl run nginx --image=nginx:1.21', first: '/zh-Hans/technical-blogs/2022/09/15/wasmedge' },
  { locale: 'zh-Hans', kind: 'mixed', query: '运行虚拟设备 mockDevice', first: '/zh-Hans/technical-blogs/2022/09/15/wasmedge' },
  { locale: 'zh-Hans', kind: 'question', query: '酶标仪收到get_measurement会返回什么', first: '/zh-Hans/docs/tutorials/demo-try' },
  { locale: 'zh-Hans', kind: 'phrase', query: '节点池 NodePool', first: '/zh-Hans/technical-blogs/2022/06/17/openyurt' },
  { locale: 'zh-Hans', kind: 'phrase', query: '设备忙碌状态拒绝新的控制命令', first: '/zh-Hans/docs/references/advanced-features/fsm' },
  { locale: 'zh-Hans', kind: 'question', query: '遥测收集哪些数据', first: '/zh-Hans/docs/guides/relative-information/user-metrics' },
  { locale: 'zh-Hans', kind: 'mixed', query: 'kube-rbac-proxy遥测', first: '/zh-Hans/docs/guides/relative-information/user-metrics' },
  { locale: 'zh-Hans', kind: 'typo', query: 'opneyurt 节点池', first: '/zh-Hans/technical-blogs/2022/06/17/openyurt' },
  { locale: 'zh-Hans', kind: 'identifier', query: 'dbtype TDengine', first: '/zh-Hans/docs/guides/telemetryservice/pushtoTDEngine' },
];
