#pragma once

// Every QSettings key of the application (the default QSettings of organization "Tessera"), in one place.
// Widgets never read these: whoever draws reads them once into a RenderSettings
// (widgets/card/rendererregistry.h; SettingsDialog::storedRenderSettings) and hands it down in the
// RenderContext. The per-conversation backends live in their own file (backend/backendconfig.h).

#include <QLatin1StringView>

namespace Tessera::SettingsKeys {

// Appearance (SettingsDialog)
inline constexpr QLatin1StringView kTheme{"ui/theme"};       // "system" | "light" | "dark"
inline constexpr QLatin1StringView kFontSize{"ui/fontSize"}; // points; 0 = the platform's
inline constexpr QLatin1StringView kLanguage{"ui/language"}; // "" = the system's, "de", "ar", …
inline constexpr QLatin1StringView kReduceMotion{"appearance/reduceMotion"};     // bool (seed 003)
inline constexpr QLatin1StringView kLoadRemoteImages{"widgets/loadRemoteImages"}; // bool
inline constexpr QLatin1StringView kDisplayName{"user/displayName"};             // the press name

// MCP tools (issue 16): tools annotated readOnlyHint run without a consent card (destructive ones always ask)
inline constexpr QLatin1StringView kToolsAutoAllowReadOnly{"tools/autoAllowReadOnly"}; // bool, default false

// The window and what it shows at start
inline constexpr QLatin1StringView kWindowGeometry{"window/geometry"};
inline constexpr QLatin1StringView kLastConversationId{"conversation/lastId"};
inline constexpr QLatin1StringView kLastConversationFile{"conversation/lastFile"};

// Folders
inline constexpr QLatin1StringView kPersonalityDir{"canvas/personalityDir"};
inline constexpr QLatin1StringView kPluginsDir{"cards/pluginsDir"};

} // namespace Tessera::SettingsKeys
