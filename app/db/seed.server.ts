export { seedFixedData } from "./seed/fixed-data.server";
export { seedDemoContent } from "./seed/demo-content.server";
