// CloudFront Function (runtime cloudfront-js-2.0), viewer-response event of the default (S3)
// behaviour. Template like viewer-request.js: __EDGE_CONFIG__ becomes { notFound: "/404.html" }.
//
// How it knows the request was rewritten: the `request` in a viewer-response event is the
// request as the viewer-request function left it (CloudFront developer guide, edge event
// structure: "the request that CloudFront received from the viewer and that might have been
// modified by the ... viewer request event"). So an unknown path rewritten to the 404 page
// arrives here with that URI. Checking the URI rather than a marker header also gives a
// direct request for /404.html its honest status, and nothing a viewer sends can forge it.
//
// CloudFront does not run viewer-response functions when the origin answers >= 400; the 404
// page itself is stored as a normal object and answers 200 from S3, so this function runs.
var CONFIG = __EDGE_CONFIG__;

function handler(event) {
  var response = event.response;
  if (event.request.uri === CONFIG.notFound) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}
