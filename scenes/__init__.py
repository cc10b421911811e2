"""One scene object per screen; the SceneManager keeps them on a stack."""
