/** The media type of a resource type under the configured brand, latest version. */
export function mediaType(brand: string, type: string): string {
  return `application/vnd.com.nsn.${brand}.${type}+json;ver=0.9;charset=UTF-8`;
}
