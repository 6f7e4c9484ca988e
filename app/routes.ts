// Routes as SPEC.md section 2 writes them, including '&' in category paths and the capital A of
// /men/All. Static paths win over the `:category` patterns.
import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("men", "routes/overview.tsx", { id: "men" }),
  route("men/All", "routes/overview.tsx", { id: "men-all" }),
  route("women", "routes/overview.tsx", { id: "women" }),
  route("women/all", "routes/overview.tsx", { id: "women-all" }),
  route("men/:category", "routes/category.tsx", { id: "men-category" }),
  route("women/:category", "routes/category.tsx", { id: "women-category" }),
  route("products/:productId", "routes/product.tsx"),
  route("buy/:size", "routes/buy-size.tsx"),
  route("search", "routes/search.tsx"),
  route("contact", "routes/contact.tsx"),
  route("exchange-policy", "routes/exchange-policy.tsx"),
  route("size-guide", "routes/size-guide.tsx"),
  route("sign-up", "routes/sign-up.tsx"),
  route("login", "routes/login.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("reset-password/confirm", "routes/reset-password-confirm.tsx"),
  route("my-cart", "routes/my-cart.tsx"),
  route("checkout-success", "routes/checkout-success.tsx"),
  route("TrackOrder", "routes/track-order.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("products/new", "routes/admin/product-edit.tsx", { id: "admin-product-new" }),
    route("products/:productId", "routes/admin/product-edit.tsx", { id: "admin-product" }),
    route("orders", "routes/admin/orders.tsx"),
    route("orders/:orderId", "routes/admin/order.tsx"),
    route("customers", "routes/admin/customers.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
