// Stylesheets and media are bundled by esbuild; in jsdom tests their import is only a name.
module.exports = 'file-stub';
