import SpindleUI

/// The app's commands: key bindings with the `AppEvent` each sends (see `KeyCommand`).
typealias AppCommand = KeyCommand<AppEvent>
typealias AppCommandSection = KeyCommandSection<AppEvent>
