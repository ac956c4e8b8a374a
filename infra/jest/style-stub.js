// Stylesheets imported by components: Vite bundles them; tests render markup only.
module.exports = {};
