// CloudFront Function (runtime cloudfront-js-2.0), viewer-response event of the default (S3)
// behaviour. Template like viewer-request.js: __EDGE_CONFIG__ becomes
// { statusHeader: "x-amz-meta-http-status", statuses: { "404": "Not Found" }, noindexPage: "/admin" }.
//
// How it knows the 404 page is being served: the object says so. The 404 page is stored with
// user metadata that S3 answers as the `statusHeader` header; this function turns it into the
// response status and removes the header. It cannot look at the URI instead: in a CloudFront
// Functions event the request is the one CloudFront received from the viewer (the unknown path),
// not the URI the viewer-request function rewrote to the 404 page
// (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-event-structure.html).
// Only S3 sets x-amz-meta-* headers, so nothing a viewer sends can forge the status.
//
// CloudFront does not run viewer-response functions when the origin answers >= 400; the 404
// page itself is stored as a normal object and answers 200 from S3, so this function runs.
// Only a full 200 answer takes the object's status: a 304 stays a 304.
var CONFIG = __EDGE_CONFIG__;

// The console (/admin and every path under it) is for the firm's owners only: besides its own
// <meta name="robots">, every answer under it says noindex in a header too, which crawlers honour
// for any content type. The request here is the viewer's, so the path is the one asked for.
// A viewer-response function may add headers to the answer (AWS example "Add HTTP security
// headers to a CloudFront Functions viewer response event",
// https://docs.aws.amazon.com/code-library/latest/ug/cloudfront_example_cloudfront_functions_add_security_headers_section.html).
function isNoindexPath(uri) {
  return uri === CONFIG.noindexPage || uri.indexOf(CONFIG.noindexPage + '/') === 0;
}

function handler(event) {
  var response = event.response;
  if (isNoindexPath(event.request.uri)) response.headers['x-robots-tag'] = { value: 'noindex, nofollow' };
  var header = response.headers[CONFIG.statusHeader];
  if (!header) return response;
  delete response.headers[CONFIG.statusHeader];
  var reason = Object.prototype.hasOwnProperty.call(CONFIG.statuses, header.value)
    ? CONFIG.statuses[header.value]
    : null;
  if (reason && response.statusCode === 200) {
    response.statusCode = Number(header.value);
    response.statusDescription = reason;
  }
  return response;
}
